#!/bin/bash
# usage: check-optional.sh pkg@version -> lists optional deps missing on the registry
spec=$1
npm view "$spec" optionalDependencies --json 2>/dev/null | node -e '
let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const o=s.trim()?JSON.parse(s):{};for(const [k,v] of Object.entries(o))console.log(k+"@"+v)})' | while read p; do
  r=$(npm view "$p" version 2>/dev/null); [ -z "$r" ] && echo "MISSING $p"; done
echo "checked $spec"
