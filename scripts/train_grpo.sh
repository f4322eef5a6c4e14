#!/usr/bin/env bash
# Train the plain GRPO baseline (reverse KL to pi_ref) with the same config. Equivalent to:
#   sage-train --config configs/train_config.yaml --algorithm GRPO [section.key=value ...]
# Same environment variables as train_sage.sh (CONFIG, PRESET, LAUNCH).
ALGORITHM=GRPO exec bash "$(dirname "$0")/train_sage.sh" "$@"
