// The known limits of static hosts (see docs/hosts/README.md), checked against a build's output.

export interface LayoutFigures {
  files: number;
  bytes: number;
  /** The most entries one directory holds. */
  widestDirectory: { path: string; entries: number };
  hosts: { host: string; limit: string; fits: boolean }[];
}

export function hostLimits(files: number, bytes: number, widest: { path: string; entries: number }): LayoutFigures {
  // The hosts document "1 GB" and "100 MB" without saying which base; read them in decimal, the units
  // the build prints its sizes in, so that "fits" never rests on the more generous reading.
  const mb = 1e6;
  return {
    files,
    bytes,
    widestDirectory: widest,
    hosts: [
      { host: 'Cloudflare Pages (Free)', limit: '20,000 files', fits: files <= 20_000 },
      { host: 'Cloudflare Pages (paid)', limit: '100,000 files', fits: files <= 100_000 },
      { host: 'Netlify', limit: '54,000 entries per directory', fits: widest.entries <= 54_000 },
      { host: 'Vercel (Hobby)', limit: '100 MB of static files', fits: bytes <= 100 * mb },
      { host: 'Vercel (Pro)', limit: '1 GB of static files', fits: bytes <= 1000 * mb },
      { host: 'GitHub Pages', limit: '1 GB per site', fits: bytes <= 1000 * mb },
      { host: 'S3 + CloudFront, nginx, Node', limit: 'none', fits: true },
    ],
  };
}
