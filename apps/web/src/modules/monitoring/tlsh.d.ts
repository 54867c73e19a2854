declare module "tlsh/lib/digests/digest-hash-builder.js" {
  const Builder: unknown;
  export default Builder;
}
