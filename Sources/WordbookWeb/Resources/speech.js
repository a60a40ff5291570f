// The page's voice: the browser's speech synthesis says what the study screen asks to say (the
// side shown, on the speaker button or the key `p`; each new card's term, when the learner
// asked for that), in the language the server names: Korean for Hangul, else the book's
// language for that side, else American English.
import { t } from './texts.js';
import { onPress } from './focus.js';

const $ = (id) => document.getElementById(id);

/** Says the screen's texts, each once, as the numbers of its requests grow. */
export class Speaker {
  /** `command` posts a command of the study screen; `fail` shows a sentence as an error. */
  constructor(command, fail) {
    this.fail = fail;
    // The number of the last request said: the screen's requests are numbered from 1.
    this.said = 0;
    // Without speech synthesis the buttons go; the key `p` then says that it cannot.
    const speaks = Boolean(window.speechSynthesis);
    $('say').hidden = !speaks;
    $('say').title = t.say;
    $('say-new').hidden = !speaks;
    onPress($('say'), () => command('say'));
    $('say-new').addEventListener('click', () => command('toggleSayingNewCards'));
  }

  /** A new session numbers its requests from 1 again. */
  restart() {
    this.said = 0;
  }

  /** Shows the screen's speech switch. */
  show(speech) {
    $('say-new').setAttribute('aria-pressed', String(Boolean(speech?.saysNewCards)));
  }

  /** Says the screen's last request once, if it is newer than the last one said. */
  follow(speech) {
    const last = speech?.last;
    if (!last || last.number <= this.said) return;
    this.said = last.number;
    const synthesis = window.speechSynthesis;
    if (!synthesis || typeof SpeechSynthesisUtterance !== 'function') {
      this.fail(t.cannotSay);
      return;
    }
    // A word asked for now replaces the one still being said.
    synthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(last.text);
    utterance.lang = last.language;
    synthesis.speak(utterance);
  }
}
