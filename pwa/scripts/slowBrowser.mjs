/**
 * A Chromium that runs as a slow device does: every one of its processes and
 * threads (the page, its workers, the GPU and network processes) on one core
 * of this machine at 1/N of that core's time, through a cgroup (v1 cpu and
 * cpuset controllers; root). DevTools' CPU throttling
 * (Emulation.setCPUThrottlingRate) slows a page's main thread only: a worker
 * refuses it ("Operation is only supported for pages, not workers"), so work
 * moved into a worker would run at full speed under it. One shared core makes
 * this the pessimistic side (a phone has several cores, each slow); the
 * DevTools figure is the optimistic one.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'

const CGROUPS = '/sys/fs/cgroup'

/** The cgroup, made if need be: core 0 only, at 1/slowdown of its time (a period of 10 ms). */
function slowCgroup(slowdown) {
  const name = `pocket-bench-slow${slowdown}`
  const cpu = join(CGROUPS, 'cpu', name)
  const cpuset = join(CGROUPS, 'cpuset', name)
  if (!existsSync(join(CGROUPS, 'cpu')) || !existsSync(join(CGROUPS, 'cpuset'))) {
    throw new Error(`--slow-core needs cgroup v1's cpu and cpuset controllers under ${CGROUPS}`)
  }
  try {
    mkdirSync(cpu, { recursive: true })
    mkdirSync(cpuset, { recursive: true })
    writeFileSync(join(cpu, 'cpu.cfs_period_us'), '10000')
    writeFileSync(join(cpu, 'cpu.cfs_quota_us'), String(Math.round(10000 / slowdown)))
    writeFileSync(join(cpuset, 'cpuset.cpus'), '0')
    writeFileSync(join(cpuset, 'cpuset.mems'), readFileSync(join(CGROUPS, 'cpuset', 'cpuset.mems'), 'utf8').trim())
  } catch (error) {
    throw new Error(`--slow-core could not set up the cgroup ${name} (it needs root): ${String(error)}`)
  }
  return [cpu, cpuset]
}

/** Launches Chromium inside the cgroup: a wrapper joins it, then becomes the browser. */
export async function launchSlowBrowser(slowdown) {
  const groups = slowCgroup(slowdown)
  const wrapper = join(mkdtempSync(join(tmpdir(), 'pocket-slow-')), 'chromium')
  const joins = groups.map((g) => `echo $$ > ${g}/cgroup.procs`).join('\n')
  writeFileSync(wrapper, `#!/bin/sh\n${joins}\nexec ${CHROMIUM_PATH} "$@"\n`)
  chmodSync(wrapper, 0o755)
  return chromium.launch({ executablePath: wrapper, args: [...CHROMIUM_ARGS] })
}
