import type { ReactNode } from "react";

/** A status message in one of the banner tones. */
export function Notice({
  children,
  tone = "info",
}: {
  children: ReactNode;
  tone?: "info" | "success" | "warn";
}) {
  return (
    <div className={`banner banner-${tone}`} role="status">
      <span>{children}</span>
    </div>
  );
}
