import type { TLearnerStatus, TTriageLearnerStatus } from "@brandwarden/contract/browser/triage";
import "./triage.css";

/**
 * Where a learner stands (contract rule 7): it fits new weights only once at least
 * MIN_LABELED_SAMPLES findings are labelled, counting domains and social accounts together.
 * `whose`: whose labels it learns from ("your" on triage, "trusted accounts'" for the platform).
 */
export function LabelsNeeded({
  learner,
  whose = "your",
}: {
  learner: TLearnerStatus | null;
  whose?: string;
}) {
  if (!learner) return null;
  const { labeled_samples: have, min_labeled_samples: min, labels_needed: needed } = learner;
  return (
    <p className="learner-status" role="status" data-testid="labels-needed">
      {needed > 0 ? (
        <>
          <strong>
            {needed} more {needed === 1 ? "label" : "labels"} needed
          </strong>{" "}
          before the scorer learns from {whose} labels ({have} of {min} labelled).
        </>
      ) : (
        <>
          <strong>{have} labelled findings:</strong> enough for the scorer to learn from them at its next run.
        </>
      )}
    </p>
  );
}

/**
 * Which weight set scores this user's findings, and why: their own (learned from their labels
 * alone) or the platform's (theirs are too few; other accounts' labels never train theirs).
 */
export function WeightsInUse({ learner }: { learner: TTriageLearnerStatus | null }) {
  if (!learner) return null;
  const { weights: w, labeled_samples: have, min_labeled_samples: min } = learner;
  if (w.scope === "own")
    return (
      <p className="learner-status" data-testid="scored-by">
        Your findings are scored with <strong>your own learned weights</strong>, version {w.version}, from{" "}
        {w.sample_size} {w.sample_size === 1 ? "label" : "labels"} of yours.
      </p>
    );
  const platform =
    w.version === 0
      ? "the built-in defaults"
      : w.source === "learned"
        ? `version ${w.version}, learned from ${w.sample_size} labels of trusted accounts`
        : `version ${w.version}, set by an administrator`;
  return (
    <p className="learner-status" data-testid="scored-by">
      Your findings are scored with <strong>the platform’s weights</strong> ({platform})
      {have < min
        ? " until you have labelled enough findings for your own."
        : ", and your own are learned from your labels at your next scan."}
    </p>
  );
}
