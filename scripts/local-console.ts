/**
 * What the operator scripts (`npm run outbox`, `npm run billing`) share: they ask the
 * console running on this machine (the embedded database can be open in one process
 * only) and explain, in words, why it did not answer.
 */
export const consolePort = Number(process.env.PORT ?? 3000);

/** The console's answer to `path`, or null once the reason it gave none is printed. */
export async function askLocalConsole(path: string, init?: RequestInit): Promise<Response | null> {
  const url = `http://localhost:${consolePort}${path}`;
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    console.error(`No console answered at ${url}. Start it with \`npm start\` (or set PORT to the port it uses).`);
    return null;
  }
  if (res.status === 421) {
    // The Host allow-list: with DATABASE_URL, localhost is not one of the console's names.
    console.error(`The console does not answer to localhost: it answers only the host of its PUBLIC_URL (localhost too only in embedded mode).`);
    return null;
  }
  return res;
}

/** Runs a script's main and sets its exit code (an unexpected error: 1). */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
