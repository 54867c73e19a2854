/** Content-addressed binary storage for logos, screenshots, avatars and PDFs. */
export interface BlobStore {
  /** Stores bytes; returns the key (sha256 hex of the content). Storing the same bytes twice is a no-op. */
  put(data: Uint8Array): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}
