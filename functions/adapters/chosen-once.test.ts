import { describe, expect, it } from 'vitest';
import { chosenOnce, forgetChoices, forgetWithChoices } from './chosen-once';

describe('chosenOnce', () => {
  it('chooses on first use, keeps the choice, and chooses again from the new environment once told', () => {
    const env = { adapter: 'outbox' };
    let choices = 0;
    const adapter = chosenOnce(() => `${env.adapter}#${++choices}`);
    expect(choices).toBe(0);
    expect(adapter()).toBe('outbox#1');
    env.adapter = 'ses';
    expect(adapter()).toBe('outbox#1');
    forgetChoices();
    expect(adapter()).toBe('ses#2');
    expect(adapter()).toBe('ses#2');
  });

  it('forgets a choice that failed, so that the next call tries again', async () => {
    let attempts = 0;
    const secret = chosenOnce(() => (++attempts === 1 ? Promise.reject(new Error('throttled')) : Promise.resolve('s3cr3t')));
    await expect(secret()).rejects.toThrow('throttled');
    await expect(secret()).resolves.toBe('s3cr3t');
    await expect(secret()).resolves.toBe('s3cr3t');
    expect(attempts).toBe(2);
  });

  it('clears the caches registered beside the choices', () => {
    let cache: string | undefined = 'index.html of the last site';
    forgetWithChoices(() => (cache = undefined));
    forgetChoices();
    expect(cache).toBeUndefined();
  });
});
