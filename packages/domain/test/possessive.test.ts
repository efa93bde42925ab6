import { describe, expect, it } from 'vitest';
import { possessive } from '../src/possessive.ts';

describe('possessive (issue 23 item 3, issue 33 item 7)', () => {
  it("gives an organisation whose name ends in a plural only the apostrophe, any other 's", () => {
    expect(possessive('Northwind Coffee Roasters')).toBe("Northwind Coffee Roasters'");
    expect(possessive('JONES & SONS')).toBe("JONES & SONS'");
    expect(possessive('Acme Labs')).toBe("Acme Labs'");
    expect(possessive('Acme')).toBe("Acme's");
    expect(possessive(' Bean Co ')).toBe("Bean Co's");
    expect(possessive('Northern Express')).toBe("Northern Express's");
    expect(possessive('Green Campus')).toBe("Green Campus's");
    expect(possessive("Sainsbury's")).toBe("Sainsbury's");
    expect(possessive('Nando’s')).toBe('Nando’s');
  });

  it("gives a person's name 's, also when it ends in s", () => {
    expect(possessive('James', 'person')).toBe("James's");
    expect(possessive('Ana Lopes', 'person')).toBe("Ana Lopes's");
    expect(possessive('Maria', 'person')).toBe("Maria's");
    expect(possessive(' Chris ', 'person')).toBe("Chris's");
  });

  it('leaves an empty name empty', () => {
    expect(possessive('   ')).toBe('');
  });
});
