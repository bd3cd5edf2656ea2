import { render } from 'preact';
import { registerServiceWorker } from './pwa/register';
import { App } from './ui/App';
import './ui/styles.css';

render(<App />, document.getElementById('app')!);
registerServiceWorker();
