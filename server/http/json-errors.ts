import type { ErrorRequestHandler } from 'express';

/**
 * Answers a failed API request with a short JSON error and logs the details, instead of Express's
 * default page with a stack trace (share links reach people without the token).
 */
export function jsonErrors(log: (line: string) => void): ErrorRequestHandler {
  return (error: unknown, request, response, next) => {
    if (response.headersSent) {
      next(error);
      return;
    }
    const status = (error as { status?: unknown }).status;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError)
      log(`${request.method} ${request.path} failed: ${(error as Error).message ?? String(error)}`);
    response
      .status(clientError ? status : 500)
      .json({ error: clientError ? (error as Error).message : 'The bridge could not answer this request' });
  };
}
