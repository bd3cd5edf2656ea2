"""Runs one command and reports what it cost, for bench/cli.ts: wall time from just before its fork to its
exit, and its own user and system CPU time and peak RSS from wait4 (microseconds, where /usr/bin/time
prints hundredths of a second: a tenth of a 100 ms run). The child inherits stdin, stdout and stderr;
the last line on stderr is `wall_ms user_ms system_ms maxrss_kib`, and the exit code is the child's.

    python3 bench/cli_rusage.py COMMAND [ARG...]
"""
import os
import sys
import time


def main() -> int:
    argv = sys.argv[1:]
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    sys.stderr.write(f"\n{wall:.3f} {usage.ru_utime * 1000:.3f} {usage.ru_stime * 1000:.3f} {usage.ru_maxrss}\n")
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


if __name__ == "__main__":
    sys.exit(main())
