# Release workflow, Windows job: the one-folder bundle OUTDIR\RuleTree (RuleTree.exe, RuleTreeW.exe)
# from packaging\ruletree.spec in its own venv (OUTDIR\build-venv, as packaging/build.sh does on
# Linux and macOS), then its self-test on a fresh user folder.
#
#   pwsh packaging/windows/build.ps1 -OutDir dist
#
# PYTHON selects the interpreter the venv is made from (default: python on PATH, 3.11+).
param([string]$OutDir = "dist")
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

function Invoke-Checked([string]$What, [scriptblock]$Command) {
    & $Command
    if ($LASTEXITCODE -ne 0) { throw "build: $What failed (exit $LASTEXITCODE)" }
}

$Root = (Resolve-Path (Join-Path $PSScriptRoot "..\..")).Path
New-Item -ItemType Directory -Force -Path $OutDir | Out-Null
$Out = (Resolve-Path $OutDir).Path
$Spec = Join-Path $Root "packaging\ruletree.spec"
$Venv = Join-Path $Out "build-venv"
$Py = Join-Path $Venv "Scripts\python.exe"
$env:PIP_DISABLE_PIP_VERSION_CHECK = "1"

if (-not (Test-Path $Py)) {
    $Python = if ($env:PYTHON) { $env:PYTHON } else { "python" }
    Invoke-Checked "venv" { & $Python -m venv $Venv }
}
Write-Host "build: installing .[package] into $Venv"
Push-Location $Root
try { Invoke-Checked "pip install" { & $Py -m pip install -q -e ".[package]" } } finally { Pop-Location }

$start = Get-Date
Write-Host "build: PyInstaller $Spec"
if (Test-Path "$Out\RuleTree") { Remove-Item -Recurse -Force "$Out\RuleTree" }
Invoke-Checked "PyInstaller" {
    & $Py -m PyInstaller --noconfirm --clean --log-level WARN --distpath $Out --workpath "$Out\pyinstaller-work" $Spec
}
foreach ($exe in "RuleTree.exe", "RuleTreeW.exe") {
    if (-not (Test-Path "$Out\RuleTree\$exe")) { throw "build: $Out\RuleTree\$exe is missing" }
}
# the kernels compiled for the generic CPU and shipped in the bundle (as packaging/build.sh does)
Invoke-Checked "ship kernels" {
    & $Py (Join-Path $Root "packaging\ship_kernels.py") "$Out\RuleTree\RuleTree.exe" "$Out\RuleTree\_internal\numba-cache"
}
$size = [math]::Round(((Get-ChildItem -Recurse -File "$Out\RuleTree" | Measure-Object -Sum Length).Sum) / 1MB)
Write-Host ("build: done in {0:N0} s: $Out\RuleTree\RuleTree.exe ($size MB)" -f ((Get-Date) - $start).TotalSeconds)

$user = Join-Path $Out "selftest-user"
if (Test-Path $user) { Remove-Item -Recurse -Force $user }
Remove-Item Env:NUMBA_CACHE_DIR -ErrorAction SilentlyContinue
$env:RULETREE_DATA_DIR = $user
try {
    Invoke-Checked "RuleTree.exe --selftest" { & "$Out\RuleTree\RuleTree.exe" --selftest }
} finally {
    Remove-Item Env:RULETREE_DATA_DIR -ErrorAction SilentlyContinue
}
Write-Host "build: bundle --selftest OK"
