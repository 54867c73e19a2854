/**
 * Free hosting and dynamic-DNS suffixes most used for phishing (all in the public suffix list's
 * private section); free-host also tries `brand-com.<host>` on these.
 */
export const FREE_HOST_FAVOURITES: readonly string[] = [
  "duckdns.org",
  "github.io",
  "blogspot.com",
  "herokuapp.com",
  "netlify.app",
  "vercel.app",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "azurewebsites.net",
  "ngrok.io",
  "ddns.net",
  "hopto.org",
  "zapto.org",
  "onrender.com",
  "fly.dev",
  "no-ip.org",
  "trycloudflare.com",
  "ngrok-free.app",
  "r2.dev",
  "wixsite.com",
  "replit.app",
  "webflow.io",
  "gitlab.io",
];
