// Is a form a credential form? Judged from what the HTML parser saw of it (html-analysis.ts), with
// tolerant rules that follow how browsers and kit authors actually write forms:
// - a password box is `type=password` in any case, or a box the browser shows as text (an unknown
//   type such as `passwort` or `mot de passe` is text to a browser) whose type, name, id,
//   placeholder, label or autocomplete says "password" in a common language;
// - a form with a password box is a credential form; a form with only an e-mail or user field is a
//   login form when it is shaped like one (a sign-in button or a login-named field: the first step
//   of a two-step kit), never when it is a newsletter, comment, search, share or contact form.

/** One input, select or textarea, as the markup names it. */
export interface FieldMarkup {
  tag: "input" | "textarea" | "select";
  /** The `type` attribute as written, lower-cased and trimmed ("" when absent). */
  type: string;
  name: string;
  id: string;
  placeholder: string;
  autocomplete: string;
  ariaLabel: string;
  /** Text of the <label> tied to the field (wrapping it or naming its id). */
  label: string;
  /** The short text just before the field in the form ("Passwort:" in a table cell). */
  before: string;
}

export interface FormMarkup {
  /** The form's id, class, name and action, space-joined. */
  attributes: string;
  fields: FieldMarkup[];
  /** Button texts and submit values. */
  buttons: string[];
  /** Visible text inside the form (headings, legends, table cells), capped. */
  text: string;
}

export interface CredentialVerdict {
  /** Has a password box. */
  password: boolean;
  /** Asks for credentials: a password box, or the identifier step of a sign-in. */
  login: boolean;
}

// Words for "password" in common languages, as names, ids, placeholders and labels write them.
const PASSWORD_WORDS =
  /pass(?:word|wd|wort|code|phrase)|pwd|kennwort|contrase(?:ñ|n)(?:a|ia)|mot[\s_-]*de[\s_-]*passe|motdepasse|senha|wachtwoord|adgangskode|has(?:ł|l)o|l(?:ö|o)senord|salasana|heslo|jelsz(?:ó|o)|(?:ş|s)ifre|\bparola\b|пароль|κωδικ|كلمة\s*(?:المرور|السر)|סיסמ|密码|密碼|パスワード|비밀번호|รหัสผ่าน/i;
// Short tokens that mean password only as a whole name ("pass", "pw", "pin"), not inside "passport".
const PASSWORD_TOKENS = new Set(["pass", "pw", "pswd", "psw", "mdp", "clave", "pin", "passw"]);
const IDENTIFIER_WORDS =
  /user|login|e-?mail|\bmail\b|account|customer|member|\bid\b|userid|phone|mobile|benutzer|nutzer|usuario|correo|utilisateur|identifiant|courriel|utente|gebruiker|логин|почт|пользовател|ユーザー|用户|帳號|账号/i;
// A field named like this is a login identifier, whatever surrounds it.
const LOGIN_NAMES =
  /^(?:user(?:name|_?id|_login)?|login(?:fmt|_?id|_?email|_?name)?|j_username|session_key|userid|benutzername|usuario|identifiant)$/i;
const SIGN_IN_WORDS =
  /sign[\s-]?in|log[\s-]?in|log[\s-]?on|\bnext\b|continue|verify|anmelden|einloggen|weiter|connexion|se connecter|s'identifier|iniciar sesi|ingresar|entrar|acceder|accedi|inloggen|zaloguj|giriş|войти|вход|далее|ログイン|登录|登入|로그인/i;
// Forms that take an e-mail address for something other than signing in.
const NOT_SIGN_IN_WORDS =
  /subscri|newsletter|mailing|opt[\s_-]?in|sign me up|comment|reply|search|share|send email|send to a friend|contact|feedback|suscri|abonn|inscri|newsletter|recherche|buscar|suche|kommentar|abonnieren/i;
// Input types that never take a password or an identifier.
const NOT_TEXT = new Set([
  "hidden", "checkbox", "radio", "submit", "button", "reset", "image", "file", "color", "date",
  "datetime-local", "month", "week", "time", "range", "search", "url", "number",
]); // prettier-ignore
const STANDARD_TEXT = new Set(["", "text", "email", "tel", "password"]);

const tokens = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** What the field calls itself, in every place an author may write it. */
const namesOf = (f: FieldMarkup) =>
  [f.name, f.id, f.placeholder, f.ariaLabel, f.label, f.before.length <= 40 ? f.before : ""].join(" ");

function saysPassword(text: string): boolean {
  return PASSWORD_WORDS.test(text) || tokens(text).some((t) => PASSWORD_TOKENS.has(t));
}

function isPasswordField(f: FieldMarkup): boolean {
  if (f.tag !== "input") return false;
  if (f.type === "password") return true;
  if (NOT_TEXT.has(f.type) || f.type === "email") return false;
  if (/(?:current|new)-password/.test(f.autocomplete)) return true;
  // An unknown type is a text box to the browser; its author meant what it says.
  if (!STANDARD_TEXT.has(f.type) && saysPassword(f.type)) return true;
  return saysPassword(namesOf(f));
}

function isIdentifierField(f: FieldMarkup): boolean {
  if (f.tag !== "input" || NOT_TEXT.has(f.type)) return false;
  return f.type === "email" || IDENTIFIER_WORDS.test(`${namesOf(f)} ${f.autocomplete} ${f.type}`);
}

export function classifyForm(form: FormMarkup): CredentialVerdict {
  if (form.fields.some(isPasswordField)) return { password: true, login: true };
  const identifiers = form.fields.filter(isIdentifierField);
  if (!identifiers.length || form.fields.some((f) => f.tag === "textarea"))
    return { password: false, login: false };
  const wording = `${form.attributes} ${form.buttons.join(" ")} ${form.text} ${form.fields
    .map((f) => `${f.label} ${f.placeholder}`)
    .join(" ")}`;
  if (NOT_SIGN_IN_WORDS.test(wording)) return { password: false, login: false };
  const loginNamed = identifiers.some((f) => LOGIN_NAMES.test(f.name) || LOGIN_NAMES.test(f.id));
  return { password: false, login: loginNamed || SIGN_IN_WORDS.test(wording) };
}
