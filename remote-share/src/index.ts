// Async boundary for Module Federation: shared singletons are negotiated before the app starts.
import('./bootstrap');
export {};
