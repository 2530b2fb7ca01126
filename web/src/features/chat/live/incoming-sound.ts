// The sound of an incoming message (spec §4): a short two-note chime made with the Web Audio API, so
// no sound file is downloaded. Browsers keep audio silent until the page had a user gesture; a page
// that cannot play it stays silent.

let context: AudioContext | undefined;

export function playIncomingSound(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    // Created before any click, it starts suspended; resuming works once the page had a gesture.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      const at = start + index * 0.12;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.26);
    });
  } catch {
    // No sound is better than a failing page.
  }
}
