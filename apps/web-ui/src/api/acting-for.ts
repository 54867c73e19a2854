/**
 * The user an admin is acting for on the page now open, read from its address
 * (`/admin/users/:id/dashboard`, `/admin/users/:id/takedowns[/:case_id]`), or none. Those pages'
 * requests, event stream and download links name that user (`user_id`), so the user's own
 * components work unchanged for the admin; the server checks the admin flag and records the access.
 * Read from the address at each request, not kept in state, so it can never outlive the page.
 */
const USER_PAGE = /^\/admin\/users\/([0-9a-f-]{36})\/(?:dashboard|takedowns(?:\/[^/]+)?)\/?$/i;

export function actingFor(): string | undefined {
  return USER_PAGE.exec(window.location.pathname)?.[1];
}
