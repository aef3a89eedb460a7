"""`python -m companion`: the same as the `companion` command (serve by default)."""

from companion.cli import main

raise SystemExit(main())
