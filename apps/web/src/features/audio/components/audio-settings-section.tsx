import { useId, type CSSProperties, type KeyboardEvent } from 'react';
import { Button, Grid, List, Radio, Slider, Switch } from 'antd-mobile';
import { AddOutline, MinusOutline, PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isScanStyle, useAudioSettings } from '../stores/audio-settings-store';
import { playSound } from '../utils/audio-player';
import { scanStyles, SoundKind, soundKinds } from '../utils/sounds';

const VOLUME_STEP_PERCENT = 10;

// Large targets: staff set this up wearing gloves.
const volumeRow: CSSProperties = { display: 'flex', alignItems: 'center', gap: 12 };
const stepButton: CSSProperties = { width: 52, flex: 'none' };

/** Sound on/off, volume, scan style and a 'try' button per sound, for staff and drivers. */
export function AudioSettingsSection() {
  const { t } = useTranslation();
  const enabled = useAudioSettings((s) => s.enabled);
  const volume = useAudioSettings((s) => s.volume);
  const style = useAudioSettings((s) => s.style);
  const setEnabled = useAudioSettings((s) => s.setEnabled);
  const setVolume = useAudioSettings((s) => s.setVolume);
  const setStyle = useAudioSettings((s) => s.setStyle);
  const percent = Math.round(volume * 100);
  const styleLabelId = useId();
  const tryLabelId = useId();

  // antd-mobile's Switch answers taps only; Space and Enter toggle it from the keyboard too.
  const handleSwitchKey = (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    setEnabled(!enabled);
  };

  const handleVolumeStep = (delta: number) => {
    setVolume((percent + delta) / 100);
    playSound(SoundKind.scanSuccess);
  };

  const handleStyle = (value: string | number) => {
    if (!isScanStyle(value)) return;
    setStyle(value);
    playSound(SoundKind.scanSuccess);
  };

  return (
    <List header={t('audio.title')}>
      <List.Item
        extra={
          <span onKeyDown={handleSwitchKey}>
            <Switch
              checked={enabled}
              onChange={setEnabled}
              tabIndex={0}
              aria-label={t('audio.enabled')}
            />
          </span>
        }
      >
        {t('audio.enabled')}
      </List.Item>

      <List.Item extra={`${percent}%`}>{t('audio.volume')}</List.Item>
      <List.Item>
        <div style={volumeRow}>
          <Button
            size="large"
            fill="outline"
            style={stepButton}
            disabled={!enabled || percent <= 0}
            aria-label={t('audio.volumeDown')}
            onClick={() => handleVolumeStep(-VOLUME_STEP_PERCENT)}
          >
            <MinusOutline />
          </Button>
          <Slider
            min={0}
            max={100}
            step={5}
            value={percent}
            disabled={!enabled}
            aria-label={t('audio.volume')}
            style={{ flex: 1 }}
            onChange={(value) => typeof value === 'number' && setVolume(value / 100)}
            onAfterChange={() => playSound(SoundKind.scanSuccess)}
          />
          <Button
            size="large"
            fill="outline"
            style={stepButton}
            disabled={!enabled || percent >= 100}
            aria-label={t('audio.volumeUp')}
            onClick={() => handleVolumeStep(VOLUME_STEP_PERCENT)}
          >
            <AddOutline />
          </Button>
        </div>
      </List.Item>

      <List.Item>
        <div role="radiogroup" aria-labelledby={styleLabelId}>
          <div id={styleLabelId}>{t('audio.scanStyle')}</div>
          <Radio.Group value={style} onChange={handleStyle} disabled={!enabled}>
            <Grid columns={2} gap={8}>
              {scanStyles.map((s) => (
                <Grid.Item key={s}>
                  <Radio
                    value={s}
                    block
                    style={{
                      '--icon-size': '24px',
                      '--font-size': '17px',
                      '--gap': '10px',
                      minHeight: 48,
                    }}
                  >
                    {t(`audio.styles.${s}`)}
                  </Radio>
                </Grid.Item>
              ))}
            </Grid>
          </Radio.Group>
        </div>
      </List.Item>

      <List.Item>
        <div role="group" aria-labelledby={tryLabelId}>
          <div id={tryLabelId}>{t('audio.try')}</div>
          <Grid columns={2} gap={8}>
            {soundKinds.map((kind) => (
              <Grid.Item key={kind}>
                <Button
                  block
                  size="large"
                  disabled={!enabled}
                  aria-label={t('audio.tryKind', { kind: t(`audio.kinds.${kind}`) })}
                  onClick={() => playSound(kind)}
                >
                  <PlayOutline /> {t(`audio.kinds.${kind}`)}
                </Button>
              </Grid.Item>
            ))}
          </Grid>
        </div>
      </List.Item>
    </List>
  );
}
