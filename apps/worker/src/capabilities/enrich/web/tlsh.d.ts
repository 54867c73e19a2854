declare module "tlsh" {
  const hash: (data: string) => string;
  export default hash;
}
declare module "tlsh/lib/digests/digest-hash-builder.js" {
  const Builder: unknown;
  export default Builder;
}
