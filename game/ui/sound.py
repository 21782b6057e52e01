"""Short sounds synthesised with numpy at start-up: no sound files, and no failure without audio."""

from __future__ import annotations

import numpy as np
import pygame


def _tone(rate: int, seconds: float, freq: float, decay: float, noise: float, rng) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    wave = np.sin(2 * np.pi * freq * t) + noise * rng.standard_normal(t.size)
    return wave * np.exp(-t / decay)


def _clicks(rate: int, rng) -> dict[str, np.ndarray]:
    move = _tone(rate, 0.07, 1400, 0.012, 0.6, rng)
    hit = np.concatenate([_tone(rate, 0.05, 900, 0.015, 0.8, rng), 0.8 * _tone(rate, 0.09, 600, 0.02, 0.8, rng)])
    dice = np.zeros(int(rate * 0.3))
    for start in rng.uniform(0, 0.22, 5):
        click = _tone(rate, 0.05, rng.uniform(1800, 2600), 0.006, 1.0, rng) * rng.uniform(0.4, 1.0)
        i = int(start * rate)
        dice[i:i + click.size] += click[: dice.size - i]
    end = np.concatenate([_tone(rate, 0.12, f, 0.08, 0.05, rng) for f in (523, 659, 784)])
    return {"move": move, "hit": hit, "dice": dice, "end": end}


class Sounds:
    """Named sounds (move, hit, dice, end); silent, never failing, when audio is unavailable.

    Views name their cues (``move``, ``hit``); a game's chance nodes play the cue its
    ``GameInfo.chance`` declares (backgammon: ``dice``), if any."""

    def __init__(self, enabled: bool = True, volume: float = 0.35) -> None:
        self.enabled = enabled
        self.problem: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            rate, size, channels = pygame.mixer.get_init()
            if size != -16:
                raise pygame.error(f"unsupported sample format {size}")
            rng = np.random.default_rng(7)
            for name, wave in _clicks(rate, rng).items():
                samples = np.clip(wave / max(1e-9, np.abs(wave).max()) * volume * 32767, -32768, 32767)
                samples = samples.astype(np.int16)
                if channels > 1:
                    samples = np.ascontiguousarray(np.repeat(samples[:, None], channels, axis=1))
                self._sounds[name] = pygame.sndarray.make_sound(samples)
        except (pygame.error, ValueError, TypeError) as error:
            self.problem = f"no sound: {error}"
            self._sounds.clear()

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass
