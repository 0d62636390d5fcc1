; NSIS 3 script (alternative to ruletree.iss): installs the one-folder bundle for all
; users with a Start-menu entry, the .rtproj file type and an uninstaller.
;
;   makensis /DSOURCE_DIR=C:\path\OUT\RuleTree /DVERSION=0.1.0 /DOUT_FILE=C:\path\OUT\RuleTree-0.1.0-windows-x64-setup-nsis.exe packaging\windows\ruletree.nsi
;
; makensis also runs on Linux (Debian: apt-get install nsis).

Unicode true
!define APPNAME "RuleTree Studio"
!define REGKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\RuleTreeStudio"
!ifndef VERSION
  !define VERSION "0.1.0"
!endif
!ifndef SOURCE_DIR
  !define SOURCE_DIR "..\..\dist\RuleTree"
!endif
!ifndef OUT_FILE
  !define OUT_FILE "RuleTree-${VERSION}-windows-x64-setup-nsis.exe"
!endif

Name "${APPNAME} ${VERSION}"
OutFile "${OUT_FILE}"
InstallDir "$PROGRAMFILES64\RuleTree Studio"
InstallDirRegKey HKLM "Software\RuleTree Studio" "InstallDir"
RequestExecutionLevel admin
SetCompressor /SOLID lzma
ManifestDPIAware true

!include "MUI2.nsh"
!include "x64.nsh"
!define MUI_ICON "ruletree.ico"
!define MUI_UNICON "ruletree.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\RuleTreeW.exe"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "RuleTree Studio needs 64-bit Windows."
    Abort
  ${EndIf}
  SetRegView 64
FunctionEnd

Section "RuleTree Studio" SecMain
  SectionIn RO
  SetShellVarContext all
  ; an upgrade replaces the whole bundle: no stale libraries from the previous version
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${SOURCE_DIR}\*"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateDirectory "$SMPROGRAMS\${APPNAME}"
  CreateShortcut "$SMPROGRAMS\${APPNAME}\${APPNAME}.lnk" "$INSTDIR\RuleTreeW.exe" "" "$INSTDIR\RuleTreeW.exe" 0
  CreateShortcut "$SMPROGRAMS\${APPNAME}\Uninstall ${APPNAME}.lnk" "$INSTDIR\Uninstall.exe"

  WriteRegStr HKLM "Software\RuleTree Studio" "InstallDir" "$INSTDIR"
  WriteRegStr HKLM "${REGKEY}" "DisplayName" "${APPNAME}"
  WriteRegStr HKLM "${REGKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${REGKEY}" "Publisher" "RuleTree Studio"
  WriteRegStr HKLM "${REGKEY}" "DisplayIcon" "$INSTDIR\RuleTreeW.exe"
  WriteRegStr HKLM "${REGKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${REGKEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKLM "${REGKEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKLM "${REGKEY}" "NoModify" 1
  WriteRegDWORD HKLM "${REGKEY}" "NoRepair" 1

  WriteRegStr HKLM "Software\Classes\.rtproj" "" "RuleTreeStudio.Project"
  WriteRegStr HKLM "Software\Classes\RuleTreeStudio.Project" "" "RuleTree project"
  WriteRegStr HKLM "Software\Classes\RuleTreeStudio.Project\DefaultIcon" "" "$INSTDIR\RuleTreeW.exe,0"
  WriteRegStr HKLM "Software\Classes\RuleTreeStudio.Project\shell\open\command" "" '"$INSTDIR\RuleTreeW.exe" "%1"'
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Function un.onInit
  SetRegView 64
FunctionEnd

Section "Uninstall"
  SetShellVarContext all
  Delete "$SMPROGRAMS\${APPNAME}\${APPNAME}.lnk"
  Delete "$SMPROGRAMS\${APPNAME}\Uninstall ${APPNAME}.lnk"
  RMDir "$SMPROGRAMS\${APPNAME}"
  ; only what the installer put there (never a folder the user chose that holds other things)
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\RuleTree.exe"
  Delete "$INSTDIR\RuleTreeW.exe"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  ReadRegStr $0 HKLM "Software\Classes\.rtproj" ""
  StrCmp $0 "RuleTreeStudio.Project" 0 +2
    DeleteRegKey HKLM "Software\Classes\.rtproj"
  DeleteRegKey HKLM "Software\Classes\RuleTreeStudio.Project"
  DeleteRegKey HKLM "${REGKEY}"
  DeleteRegKey HKLM "Software\RuleTree Studio"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
