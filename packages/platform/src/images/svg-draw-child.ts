// Draws one SVG (stdin) as a PNG (stdout) at `density` (argv), in a process of its own so that the
// caller can kill it: librsvg cannot be interrupted, and some SVGs take minutes (svg-draw.ts).
import sharp from "sharp";

const [density, maxPixels] = process.argv.slice(2).map(Number);
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
process.stderr.write("drawing\n"); // the caller's time budget starts now, not at process start
try {
  const png = await sharp(Buffer.concat(chunks), { density, limitInputPixels: maxPixels, failOn: "error" })
    .png()
    .toBuffer();
  process.stdout.write(png, () => process.exit(0));
} catch (err) {
  process.stderr.write(`error: ${(err as Error).message}\n`, () => process.exit(1));
}
