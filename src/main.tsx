import { render } from 'preact';
import { registerServiceWorker } from './pwa/register';
import { App } from './ui/App';
import { startLanguage } from './ui/i18n/language';
import { startText } from './ui/i18n/text';
import './ui/styles.css';

// The interface's words come first (one small chunk, in the reader's language), then the app.
void startText(startLanguage()).then(() => {
  render(<App />, document.getElementById('app')!);
  registerServiceWorker();
});
