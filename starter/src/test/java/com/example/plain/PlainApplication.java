package com.example.plain;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application that adds the starter and H2, annotates one entity, and configures nothing. */
@SpringBootApplication
public class PlainApplication {

}
