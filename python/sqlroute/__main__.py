"""``python3 -m sqlroute``: see :mod:`sqlroute.cli`."""

from sqlroute.cli import main

raise SystemExit(main())
