import type { TLearnerStatus } from "@brandwarden/contract/browser/triage";
import "./triage.css";

/**
 * Where the learner stands (contract rule 7): it fits new weights only once at least
 * MIN_LABELED_SAMPLES findings are labelled, counting domains and social accounts together.
 */
export function LabelsNeeded({ learner }: { learner: TLearnerStatus | null }) {
  if (!learner) return null;
  const { labeled_samples: have, min_labeled_samples: min, labels_needed: needed } = learner;
  return (
    <p className="learner-status" role="status" data-testid="labels-needed">
      {needed > 0 ? (
        <>
          <strong>
            {needed} more {needed === 1 ? "label" : "labels"} needed
          </strong>{" "}
          before the scorer learns from your labels ({have} of {min} labelled).
        </>
      ) : (
        <>
          <strong>{have} labelled findings:</strong> enough for the scorer to learn from them at its next run.
        </>
      )}
    </p>
  );
}
