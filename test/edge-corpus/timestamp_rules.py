# Which updated_at values make main's migration snapshot fail: datetime.fromisoformat(s).timestamp().
# Run under several TZ: TZ=UTC test/edge-corpus/nb.sh main test/edge-corpus/timestamp_rules.py
from datetime import datetime
import os, time
time.tzset()
for s in ["0001-01-01T00:00:00", "0001-01-01T23:59:59", "0001-01-02T00:00:00", "0001-01-02T23:59:59", "0001-01-03T00:00:00",
          "9999-12-31T23:59:59", "9999-12-30T23:59:59", "9999-12-30T00:00:00", "9999-12-29T00:00:00",
          "0001-01-01T00:00:00+00:00", "0001-01-01T00:00:00+01:00", "0001-01-01T00:00:00-01:00", "9999-12-31T23:59:59-01:00", "9999-12-31T23:59:59+01:00",
          "1970-01-01T00:00:00", "2020-01-01"]:
    try:
        r = datetime.fromisoformat(s).timestamp()
    except Exception as e:
        r = f"{type(e).__name__}: {e}"
    print(os.environ.get("TZ"), s, r)
