import { createContext, useContext, type ReactNode } from "react";

interface ActingForValue {
  userId: string;
  email: string;
}

const ActingForContext = createContext<ActingForValue | null>(null);

/**
 * Renders a user's pages (dashboard, takedown cases) for an admin acting for `userId` under
 * `/admin/users/:id/`, whose requests name that user (api/acting-for.ts): titles name the user,
 * and links stay in the admin's view of the user.
 */
export function ActingFor({ userId, email, children }: ActingForValue & { children: ReactNode }) {
  return <ActingForContext.Provider value={{ userId, email }}>{children}</ActingForContext.Provider>;
}

/** The user acted for, or null on the signed-in user's own pages. */
export function useActingFor(): ActingForValue | null {
  return useContext(ActingForContext);
}

/** Where the dashboard, the brand profile and the takedown cases are for the user whose data is shown. */
export function useUserPaths(): { dashboard: string; profile: string; takedowns: string } {
  const acting = useActingFor();
  return acting
    ? {
        dashboard: `/admin/users/${acting.userId}/dashboard`,
        profile: `/admin/users/${acting.userId}`,
        takedowns: `/admin/users/${acting.userId}/takedowns`,
      }
    : { dashboard: "/dashboard", profile: "/account", takedowns: "/takedowns" };
}
