// The Block Kit rules Slack checks on an incoming webhook's `blocks` and answers
// `400 invalid_blocks` for (https://api.slack.com/reference/block-kit/blocks,
// https://api.slack.com/reference/block-kit/block-elements,
// https://api.slack.com/reference/block-kit/composition-objects). Returns the first problem or null.

const BLOCK_TYPES = new Set([
  "actions",
  "context",
  "divider",
  "header",
  "image",
  "input",
  "markdown",
  "rich_text",
  "section",
  "file",
  "video",
]);
const ELEMENT_TYPES = new Set([
  "button", "checkboxes", "datepicker", "datetimepicker", "image", "multi_static_select", "overflow",
  "plain_text_input", "radio_buttons", "static_select", "timepicker", "url_text_input", "email_text_input",
  "number_input", "conversations_select", "channels_select", "users_select", "external_select", "workflow_button",
]); // prettier-ignore

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** A text object: plain_text or mrkdwn, 1..max chars. */
function textProblem(t: unknown, where: string, max: number, plainOnly = false): string | null {
  if (!isObj(t)) return `${where} must be a text object`;
  if (t.type !== "plain_text" && (plainOnly || t.type !== "mrkdwn"))
    return `${where}.type must be ${plainOnly ? "plain_text" : "plain_text or mrkdwn"}`;
  if (typeof t.text !== "string" || t.text.length < 1) return `${where}.text must be a non-empty string`;
  if (t.text.length > max) return `${where}.text must be at most ${max} characters`;
  return null;
}

function idProblem(v: unknown, where: string): string | null {
  if (v === undefined) return null;
  if (typeof v !== "string" || v.length < 1 || v.length > 255) return `${where} must be 1 to 255 characters`;
  return null;
}

function elementProblem(e: unknown, where: string): string | null {
  if (!isObj(e) || typeof e.type !== "string") return `${where} must be an element with a type`;
  if (!ELEMENT_TYPES.has(e.type)) return `${where}.type ${e.type} is not a block element`;
  const id = idProblem(e.action_id, `${where}.action_id`);
  if (id) return id;
  if (e.type === "button") {
    const text = textProblem(e.text, `${where}.text`, 75, true);
    if (text) return text;
    if (e.url !== undefined && (typeof e.url !== "string" || e.url.length > 3000))
      return `${where}.url must be at most 3000 characters`;
    if (e.value !== undefined && (typeof e.value !== "string" || e.value.length > 2000))
      return `${where}.value must be at most 2000 characters`;
    if (e.style !== undefined && e.style !== "primary" && e.style !== "danger")
      return `${where}.style must be primary or danger`;
  }
  return null;
}

function blockProblem(b: unknown, where: string): string | null {
  if (!isObj(b) || typeof b.type !== "string") return `${where} must be a block with a type`;
  if (!BLOCK_TYPES.has(b.type)) return `${where}.type ${b.type} is not a block type`;
  const id = idProblem(b.block_id, `${where}.block_id`);
  if (id) return id;
  switch (b.type) {
    case "header":
      return textProblem(b.text, `${where}.text`, 150, true);
    case "section": {
      if (b.text === undefined && b.fields === undefined) return `${where} needs text or fields`;
      if (b.text !== undefined) {
        const p = textProblem(b.text, `${where}.text`, 3000);
        if (p) return p;
      }
      if (b.fields !== undefined) {
        if (!Array.isArray(b.fields) || b.fields.length < 1 || b.fields.length > 10)
          return `${where}.fields must hold 1 to 10 text objects`;
        for (const [i, f] of b.fields.entries()) {
          const p = textProblem(f, `${where}.fields[${i}]`, 2000);
          if (p) return p;
        }
      }
      return b.accessory === undefined ? null : elementProblem(b.accessory, `${where}.accessory`);
    }
    case "actions": {
      if (!Array.isArray(b.elements) || b.elements.length < 1 || b.elements.length > 25)
        return `${where}.elements must hold 1 to 25 elements`;
      for (const [i, e] of b.elements.entries()) {
        const p = elementProblem(e, `${where}.elements[${i}]`);
        if (p) return p;
      }
      return null;
    }
    case "context": {
      if (!Array.isArray(b.elements) || b.elements.length < 1 || b.elements.length > 10)
        return `${where}.elements must hold 1 to 10 elements`;
      for (const [i, e] of b.elements.entries()) {
        if (isObj(e) && e.type === "image") continue;
        const p = textProblem(e, `${where}.elements[${i}]`, 3000);
        if (p) return p;
      }
      return null;
    }
    default:
      return null;
  }
}

/** The first Block Kit rule `blocks` breaks, or null. */
export function blocksProblem(blocks: unknown): string | null {
  if (!Array.isArray(blocks)) return "blocks must be an array";
  if (blocks.length > 50) return "at most 50 blocks";
  for (const [i, b] of blocks.entries()) {
    const p = blockProblem(b, `blocks[${i}]`);
    if (p) return p;
  }
  return null;
}
