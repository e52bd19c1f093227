// The last in-site location that was not a login page: where /login sends the person back to.
let last: string | null = null;

export function rememberLocation(path: string) {
  last = path;
}

export function lastLocation(): string | null {
  return last;
}
