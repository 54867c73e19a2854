import { describeBlobConformance } from "./blob.conformance.ts";
import { createMemoryBlobStore } from "./memory-blob-store.ts";

describeBlobConformance("memory", () => createMemoryBlobStore());
