/** The password rule people see: 10 to 200 characters, not all one character. */
const PASSWORD_RULE = "Passwords need 10 to 200 characters and more than one distinct character.";

export function passwordProblem(password: string): string | null {
  if (password.length < 10 || password.length > 200) return PASSWORD_RULE;
  if (new Set(password).size < 2) return PASSWORD_RULE;
  return null;
}
