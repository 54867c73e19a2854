import { PNG } from "pngjs";
import { hashString } from "./prng.ts";

// The brand's own web page and logo. Phishing clones copy this HTML, so it carries what a
// detector compares: title, logo, login form, footer.

export function brandHtml(brand: string, domain: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${brand} | Sign in</title>
<link rel="icon" href="/favicon.ico">
<meta name="description" content="Sign in to your ${brand} account.">
<style>body{font-family:Arial,sans-serif;background:#f4f6f9;margin:0}header{background:#0b3d91;color:#fff;padding:16px 32px}
main{max-width:420px;margin:48px auto;background:#fff;padding:32px;border-radius:8px}label{display:block;margin-top:12px}
input{width:100%;padding:8px}button{margin-top:20px;width:100%;padding:10px;background:#0b3d91;color:#fff;border:0}</style>
</head>
<body>
<header><img src="/logo.png" alt="${brand}" width="48" height="48"> <strong>${brand}</strong></header>
<main>
<h1>Sign in to ${brand}</h1>
<form id="login" method="post" action="/login">
<label for="username">Username</label><input id="username" name="username" autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
<p><a href="/forgot">Forgot your password?</a></p>
</main>
<footer><p>&copy; ${brand}. https://${domain}/</p></footer>
</body>
</html>
`;
}

// A 64x64 mark: a coloured rounded square with a light bar pattern derived from the brand name.
export function brandLogoPng(brand: string): Buffer {
  const size = 64;
  const h = hashString(brand);
  const [r, g, b] = [(h >>> 16) & 0x7f, (h >>> 8) & 0x7f, 0x80 | (h & 0x7f)];
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const corner = Math.min(x, size - 1 - x) + Math.min(y, size - 1 - y) < 6;
      const bar = y > 16 && y < 48 && Math.floor(x / 8) % 2 === ((h >>> Math.floor(x / 8)) & 1);
      png.data[i] = bar ? 240 : r;
      png.data[i + 1] = bar ? 240 : g;
      png.data[i + 2] = bar ? 250 : b;
      png.data[i + 3] = corner ? 0 : 255;
    }
  }
  return PNG.sync.write(png);
}
