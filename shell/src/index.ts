import { startPage } from './start-up/start-page';

void startPage(document.getElementById('app'));
