import { REQUEST_TIMEOUT_MS, type Messages, type MessagesLoader } from 'shared-contracts';
import { PAGE_MESSAGES_ELEMENT_ID } from 'shared-contracts/page';
import { readJsonInPage } from '../page/json-in-page';

/** A compiled catalog is an object of message ids (@lingui/core reads what it has). */
function isCatalog(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The loader of compiled catalog files every app uses (`MessagesLoader`, contract 2.1): the copy
 * the page carries (`PAGE_MESSAGES_ELEMENT_ID`: the server writes the page language's files of
 * the shell and of the page's remote into it), else the file, fetched within the API's timeout.
 * It rejects with an error when the file does not come or is no catalog: the app then shows its
 * English texts (start-page.ts) or its fallback (RemoteView).
 */
export const loadMessages: MessagesLoader = async (url) => {
  const address = new URL(url, document.baseURI);
  if (address.origin === window.location.origin) {
    const carried = readJsonInPage(PAGE_MESSAGES_ELEMENT_ID) as Record<string, unknown> | null;
    const copy = carried?.[address.pathname];
    if (isCatalog(copy)) return copy;
  }
  const response = await fetch(address.href, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The texts at ${address.href} answered ${response.status}.`);
  const catalog: unknown = await response.json();
  if (!isCatalog(catalog)) throw new Error(`The texts at ${address.href} are no catalog.`);
  return catalog;
};
