# Release workflow, Windows job: OUTDIR\RuleTree (packaging/windows/build.ps1) ->
# OUTDIR\RuleTree-VERSION-windows-x64-setup.exe with Inno Setup 6 (packaging\windows\ruletree.iss).
# Uses ISCC.exe from PATH or Inno Setup's default folder; installs Inno Setup with Chocolatey
# when neither has it (GitHub's Windows images usually carry it).
#
#   pwsh packaging/windows/make_installer.ps1 -OutDir dist
param([string]$OutDir = "dist")
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

$Root = (Resolve-Path (Join-Path $PSScriptRoot "..\..")).Path
$Out = (Resolve-Path $OutDir).Path
$Version = ([regex]::Match((Get-Content -Raw (Join-Path $Root "pyproject.toml")), '(?m)^version\s*=\s*"([^"]+)"')).Groups[1].Value
if (-not $Version) { throw "installer: no version in pyproject.toml" }
if (-not (Test-Path "$Out\RuleTree\RuleTreeW.exe")) { throw "installer: no bundle in $Out\RuleTree (run build.ps1 first)" }

function Find-Iscc {
    $cmd = Get-Command iscc.exe -ErrorAction SilentlyContinue
    if ($cmd) { return $cmd.Source }
    foreach ($dir in "${env:ProgramFiles(x86)}\Inno Setup 6", "$env:ProgramFiles\Inno Setup 6", "$env:LOCALAPPDATA\Programs\Inno Setup 6") {
        if (Test-Path "$dir\ISCC.exe") { return "$dir\ISCC.exe" }
    }
    return $null
}
$Iscc = Find-Iscc
if (-not $Iscc) {
    Write-Host "installer: Inno Setup 6 not found, installing it with Chocolatey"
    choco install innosetup --no-progress -y
    if ($LASTEXITCODE -ne 0) { throw "installer: choco install innosetup failed" }
    $Iscc = Find-Iscc
    if (-not $Iscc) { throw "installer: ISCC.exe still not found" }
}
& $Iscc /Q "/DSourceDir=$Out\RuleTree" "/DAppVersion=$Version" "/DOutputDir=$Out" (Join-Path $Root "packaging\windows\ruletree.iss")
if ($LASTEXITCODE -ne 0) { throw "installer: ISCC failed (exit $LASTEXITCODE)" }
$Setup = Join-Path $Out "RuleTree-$Version-windows-x64-setup.exe"
if (-not (Test-Path $Setup)) { throw "installer: $Setup was not written" }
Write-Host ("installer: $Setup ({0:N0} MB)" -f ((Get-Item $Setup).Length / 1MB))
