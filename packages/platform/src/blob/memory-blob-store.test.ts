import { describeBlobConformance } from "../../test/blob-conformance.ts";
import { createMemoryBlobStore } from "./memory-blob-store.ts";

describeBlobConformance("memory", () => createMemoryBlobStore());
