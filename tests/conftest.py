"""Suite-wide settings: Hypothesis profiles, and the reference data required in CI.

Profiles (HYPOTHESIS_PROFILE): `dev` (the default) keeps property tests quick while working;
`ci` (set by .ci/run) is derandomized, so a CI run is repeatable, with the full example count.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
