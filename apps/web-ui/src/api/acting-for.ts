/**
 * The user an admin is acting for on the page now open, read from its address
 * (`/admin/users/:id/dashboard`, `/admin/users/:id/takedowns[/:case_id]`), or none. The dashboard's requests, its event stream and its
 * export links name that user (`user_id`), so the dashboard's components work unchanged for an
 * admin looking at another user's scan; the server checks the admin flag and records the access.
 * Read from the address at each request, not kept in state, so it can never outlive the page.
 */
const USER_PAGE = /^\/admin\/users\/([0-9a-f-]{36})\/(?:dashboard|takedowns(?:\/[^/]+)?)\/?$/i;

export function actingFor(): string | undefined {
  return USER_PAGE.exec(window.location.pathname)?.[1];
}
