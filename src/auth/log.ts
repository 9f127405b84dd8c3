/** The part of a pino / Fastify logger that auth/ uses; tests pass a capturing one. */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: Log = { info() {}, warn() {}, error() {} };
