import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { DEFAULT_AUDIO_SETTINGS, useAudioSettings } from '../stores/audio-settings-store';
import { fakeBuffer, installFakeAudio } from '../testing/fake-audio';
import { resetAudioPlayer } from '../utils/audio-player';
import { AudioSettingsSection } from './audio-settings-section';

describe('audio settings section', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    useAudioSettings.setState(DEFAULT_AUDIO_SETTINGS);
  });
  afterEach(() => resetAudioPlayer());

  it.each([
    [
      'zh-CN',
      {
        labels: ['提示音', '音量', '扫码提示音风格', '试听'],
        styles: ['嘟声', '经典', '和弦', '三连音'],
        tries: ['试听：成功', '试听：错误', '试听：警告', '试听：扫码成功', '试听：扫码失败'],
        switch: '开启提示音',
      },
    ],
    [
      'en-US',
      {
        labels: ['Sounds', 'Volume', 'Scan sound style', 'Try'],
        styles: ['Beep', 'Classic', 'Chord', 'Triple beep'],
        tries: [
          'Try: Success',
          'Try: Error',
          'Try: Warning',
          'Try: Scan success',
          'Try: Scan failed',
        ],
        switch: 'Sound feedback',
      },
    ],
  ] as const)('shows every setting, labelled, in %s', async (language, texts) => {
    await changeLanguage(language);
    render(<AudioSettingsSection />);
    for (const label of texts.labels) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByRole('switch', { name: texts.switch }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const slider = screen.getByRole('slider', { name: texts.labels[1] });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByRole('radiogroup', { name: texts.labels[2] })).toBeTruthy();
    for (const style of texts.styles)
      expect(screen.getByRole('radio', { name: style })).toBeTruthy();
    for (const name of texts.tries) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('turns sound off and on, by tap or keyboard, and saves it', async () => {
    const user = userEvent.setup();
    render(<AudioSettingsSection />);
    const toggle = screen.getByRole('switch', { name: '开启提示音' });
    await user.click(toggle);
    expect(window.localStorage.getItem('audio_enabled')).toBe('false');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('button', { name: '试听：成功' })).toHaveProperty('disabled', true);

    toggle.focus();
    await user.keyboard(' ');
    expect(window.localStorage.getItem('audio_enabled')).toBe('true');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('changes the volume with the slider and the step buttons, and saves it', async () => {
    installFakeAudio();
    const user = userEvent.setup();
    render(<AudioSettingsSection />);
    const slider = screen.getByRole('slider', { name: '音量' });

    await user.click(screen.getByRole('button', { name: '调高音量' }));
    expect(slider.getAttribute('aria-valuenow')).toBe('60');
    expect(window.localStorage.getItem('audio_volume')).toBe('0.6');
    expect(screen.getByText('60%')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '调低音量' }));
    await user.click(screen.getByRole('button', { name: '调低音量' }));
    expect(window.localStorage.getItem('audio_volume')).toBe('0.4');

    // A tap three quarters along the track.
    const track = document.querySelector<HTMLElement>('.adm-slider-track')!;
    Object.defineProperty(track, 'offsetWidth', { value: 200 });
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({ left: 0 } as DOMRect);
    fireEvent.click(track, { clientX: 150 });
    expect(slider.getAttribute('aria-valuenow')).toBe('75');
    expect(window.localStorage.getItem('audio_volume')).toBe('0.75');
  });

  it('saves the chosen scan style and lets the user hear it', async () => {
    const audio = installFakeAudio(() => Promise.resolve(fakeBuffer));
    const user = userEvent.setup();
    render(<AudioSettingsSection />);
    await user.click(screen.getByRole('radio', { name: '三连音' }));
    expect(window.localStorage.getItem('audio_style')).toBe('triple');
    expect(screen.getByRole('radio', { name: '三连音' })).toHaveProperty('checked', true);
    await vi.waitFor(() =>
      expect(audio.loadFile.mock.calls.map((c) => c[1])).toEqual([
        '/sounds/scan-success-triple.wav',
      ]),
    );
  });

  it.each([
    ['试听：成功', '/sounds/success.wav'],
    ['试听：错误', '/sounds/error.wav'],
    ['试听：警告', '/sounds/warning.wav'],
    ['试听：扫码成功', '/sounds/scan-success-beep.wav'],
    ['试听：扫码失败', '/sounds/scan-error.wav'],
  ])('"%s" plays that sound', async (name, url) => {
    const audio = installFakeAudio(() => Promise.resolve(fakeBuffer));
    const user = userEvent.setup();
    render(<AudioSettingsSection />);
    await user.click(screen.getByRole('button', { name }));
    await vi.waitFor(() => expect(audio.context.sources).toHaveLength(1));
    expect(audio.loadFile.mock.calls.map((c) => c[1])).toEqual([url]);
  });
});
