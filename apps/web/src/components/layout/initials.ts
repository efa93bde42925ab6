// "Ada Lovelace" -> "AL"; falls back to the email's first letter.
export function initialsOf(person: { firstName: string; lastName: string; email: string }): string {
  const letters = `${person.firstName.trim().charAt(0)}${person.lastName.trim().charAt(0)}`;
  return (letters || person.email.charAt(0)).toUpperCase();
}

// spec 1 §9: company names are truncated at 25 characters in the profile menu.
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
