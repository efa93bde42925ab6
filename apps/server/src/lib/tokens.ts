import { createHash, randomBytes } from 'node:crypto';

// Opaque random tokens; only their SHA-256 is stored, so a database leak reveals no usable token.
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
