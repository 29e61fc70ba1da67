/**
 * jsdom has no TextEncoder, which react-router needs at import time. Import this first in tests
 * that load the router (the root jest.setup.ts would be the better home; the lead owns it).
 */
import { TextDecoder, TextEncoder } from 'node:util';

const scope = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
scope.TextEncoder ??= TextEncoder;
scope.TextDecoder ??= TextDecoder;
