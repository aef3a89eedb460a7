// The print sheet's one button (a module script: the Content-Security-Policy allows no inline handler).
import { scriptReady } from '../dom.js';

document.getElementById('print-sheet').addEventListener('click', () => window.print());
scriptReady();
