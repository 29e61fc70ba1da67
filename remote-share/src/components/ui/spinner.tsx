/** The loading status of this app: ui-kit's spinner, whose default look is this app's. */
export { Spinner } from 'ui-kit';
