/**
 * The validation worker's first message: it has loaded and holds the document, so the page's time limit for
 * the validation itself counts from here. Its own module, so the page imports no worker code.
 */
export const STARTED = 'started';
