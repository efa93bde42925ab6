import type { TConfig } from '../../config.ts';
import { createOfflineAi } from './offline-composer.ts';
import { createOpenAiClient } from './openai-client.ts';
import type { TAiService } from './types.ts';

/** The configured AI: an OpenAI-compatible endpoint when AI_BASE_URL is set, else the offline composer. */
export function createAi(config: TConfig): TAiService {
  return config.ai.baseUrl
    ? createOpenAiClient({
        baseUrl: config.ai.baseUrl,
        apiKey: config.ai.apiKey,
        model: config.ai.model,
        timeoutMs: config.ai.timeoutMs,
      })
    : createOfflineAi();
}
