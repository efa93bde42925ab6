// Issue 33 item 7: the one way every message, letter and page makes an English possessive. No zod here: the public
// site's first paint imports this.

/** Whose the name is: a person ("James", "Ana Lopes") or an organisation ("Northwind Coffee Roasters"). */
export type TNameKind = 'person' | 'organisation';

/** The last word is a plural ending in s ("Roasters", "Sons", "Labs"), not a singular one ("Express", "Campus"). */
const pluralLastWord = (name: string) => {
  const last = name.split(/\s+/).pop() ?? '';
  return /[^s]s$/i.test(last) && !/(us|is)$/i.test(last);
};

/**
 * The possessive of a name: a person's always takes 's ("James's", "Ana Lopes's": a singular name keeps its 's
 * even when it ends in s); an organisation's whose name ends in a plural takes the apostrophe alone
 * ("Northwind Coffee Roasters'", "Jones & Sons'"), any other 's ("Acme's", "Bean Co's", "Express's"). A name
 * that is a possessive already stays as it is ("Sainsbury's").
 */
export function possessive(name: string, kind: TNameKind = 'organisation'): string {
  const trimmed = name.trim();
  // Already a possessive ("Sainsbury's", "Nando’s"): "Sainsbury's privacy policy".
  if (!trimmed || /['’]s$/i.test(trimmed)) return trimmed;
  return kind === 'organisation' && pluralLastWord(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
