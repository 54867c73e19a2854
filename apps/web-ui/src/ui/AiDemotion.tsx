import type { TAiDemotion } from "@brandwarden/contract/findings";
import { aiDemotionBadge, describeAiDemotion } from "@brandwarden/contract/ai-demotion";
import "./AiDemotion.css";

/**
 * Marks a finding whose score an AI review lowered, or tried to lower and hard evidence held in
 * its band, so the analyst never mistakes an AI judgement for the deterministic evidence. The full
 * sentence is the badge's accessible name and tooltip.
 */
export function AiDemotionBadge({ demotion }: { demotion: TAiDemotion | null | undefined }) {
  if (!demotion) return null;
  const text = describeAiDemotion(demotion);
  return (
    <span
      className={`ai-demotion${demotion.held_by.length ? " ai-demotion-held" : ""}`}
      title={text}
      aria-label={text}
    >
      {aiDemotionBadge(demotion)}
    </span>
  );
}

/** The detail view's line: the same sentence, written out. */
export function AiDemotionNote({ demotion }: { demotion: TAiDemotion | null | undefined }) {
  if (!demotion) return null;
  return (
    <p className={`ai-demotion-note${demotion.held_by.length ? " ai-demotion-held" : ""}`}>
      {describeAiDemotion(demotion)}
    </p>
  );
}
