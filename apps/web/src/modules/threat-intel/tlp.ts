import type { TTlp } from "@brandwarden/contract/intel-words";

/**
 * TLP 2.0 marking definitions as OASIS publishes them (cti-stix-common-objects,
 * extension-definition-specifications/tlp-2.0): fixed ids, `created` 2022-10-01, and the TLP 2.0
 * property extension instead of STIX 2.1's predefined TLP 1.0 `definition`.
 */
const TLP_2_EXTENSION = "extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d";

const TLP_2_IDS: Record<TTlp, string> = {
  clear: "marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487",
  green: "marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb",
  amber: "marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421",
  "amber+strict": "marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003",
  red: "marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1",
};

export const tlpMarkingId = (tlp: TTlp): string => TLP_2_IDS[tlp];

/** The published marking-definition object of a TLP 2.0 level. */
export function tlpMarking(tlp: TTlp): Record<string, unknown> {
  return {
    type: "marking-definition",
    spec_version: "2.1",
    id: TLP_2_IDS[tlp],
    created: "2022-10-01T00:00:00.000Z",
    name: `TLP:${tlp.toUpperCase()}`,
    extensions: { [TLP_2_EXTENSION]: { extension_type: "property-extension", tlp_2_0: tlp } },
  };
}
